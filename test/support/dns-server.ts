import dns2 from "dns2";

/**
 * A real DNS server on 127.0.0.1 (UDP) answering TXT questions from `records` (name to texts),
 * for custom domains' verification: point the service at it with DNS_SERVERS=`server.address`.
 */
export async function startTxtServer() {
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question!.name.toLowerCase();
      asked.push(name);
      for (const data of records.get(name) ?? [])
        response.answers.push({
          name: question!.name,
          type: dns2.Packet.TYPE.TXT,
          class: dns2.Packet.CLASS.IN,
          ttl: 1,
          data,
        } as (typeof response.answers)[number]);
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { port } = server.addresses().udp!;
  return {
    address: `127.0.0.1:${port}`,
    records,
    asked,
    close: () => server.close(),
  };
}
