import { CHECK_TYPE_SPECS, type RoutedCheckType } from "../../../domain/checks/index.js";
import type { builder, InputFields } from "../../builder.js";
import {
  BodyTypeEnum,
  CHECK_TYPENAMES,
  DnsProtocolEnum,
  DnsRecordTypeEnum,
  HttpMethodEnum,
  IpFamilyEnum,
  TimeUnitEnum,
} from "./enums.js";
import { freeForm, propertiesInput, settingsInputs, type FieldOf } from "./input-fields.js";
import { SslRequestInputs } from "./ssl-inputs.js";
import { AssertionInput, BasicAuthInput, KeyValueInput } from "./setting-inputs.js";

type Ref = ReturnType<typeof builder.inputType>;

const assertions = (t: InputFields) => t.field({ type: [AssertionInput] });
const ipFamily = (t: InputFields) => t.field({ type: IpFamilyEnum });

const requests: Partial<Record<RoutedCheckType, { create: Ref; update: Ref }>> = {
  API: settingsInputs("ApiCheckRequest", ["method", "url"], (t, required) => ({
    method: t.field({ type: HttpMethodEnum, required: required("method") }),
    url: t.string({ required: required("url") }),
    followRedirects: t.boolean(),
    skipSSL: t.boolean(),
    ipFamily: ipFamily(t),
    body: t.string(),
    bodyType: t.field({ type: BodyTypeEnum }),
    headers: t.field({ type: [KeyValueInput] }),
    queryParameters: t.field({ type: [KeyValueInput] }),
    assertions: assertions(t),
    basicAuth: t.field({ type: BasicAuthInput }),
  })),
  URL: settingsInputs("UrlCheckRequest", ["url"], (t, required) => ({
    method: t.field({ type: HttpMethodEnum, description: "GET only." }),
    url: t.string({ required: required("url") }),
    followRedirects: t.boolean(),
    skipSSL: t.boolean(),
    ipFamily: ipFamily(t),
    assertions: assertions(t),
  })),
  TCP: settingsInputs("TcpCheckRequest", ["port"], (t, required) => ({
    hostname: t.string({ description: "Where to connect (or url)." }),
    url: t.string(),
    port: t.int({ required: required("port") }),
    body: t.string(),
    data: t.string(),
    ipFamily: ipFamily(t),
    assertions: assertions(t),
  })),
  DNS: settingsInputs("DnsCheckRequest", ["query", "recordType"], (t, required) => ({
    query: t.string({ required: required("query") }),
    nameServer: t.string(),
    port: t.int(),
    recordType: t.field({ type: DnsRecordTypeEnum, required: required("recordType") }),
    protocol: t.field({ type: DnsProtocolEnum }),
    assertions: assertions(t),
  })),
  ICMP: settingsInputs("IcmpCheckRequest", ["hostname"], (t, required) => ({
    hostname: t.string({ required: required("hostname") }),
    ipFamily: ipFamily(t),
    pingCount: t.int(),
    assertions: assertions(t),
  })),
  SSL: SslRequestInputs,
};

const heartbeat = settingsInputs(
  "HeartbeatSettings",
  ["period", "periodUnit", "grace", "graceUnit"],
  (t, required) => ({
    period: t.int({ required: required("period") }),
    periodUnit: t.field({ type: TimeUnitEnum, required: required("periodUnit") }),
    grace: t.int({ required: required("grace") }),
    graceUnit: t.field({ type: TimeUnitEnum, required: required("graceUnit") }),
    minimum: t.int(),
    minimumUnit: t.field({ type: TimeUnitEnum }),
  }),
);

/** The `request` and `heartbeat` fields of one check type: typed where the type has a shape, else free-form. */
function typedParts(type: RoutedCheckType, mode: "create" | "update"): Record<string, FieldOf> {
  const request = requests[type]?.[mode];
  return {
    request: request ? (t, required) => t.field({ type: request, required }) : freeForm,
    heartbeat: type === "HEARTBEAT" ? (t, required) => t.field({ type: heartbeat[mode], required }) : freeForm,
  };
}

/** Per routed check type: `ApiCheckInput` (create) and `ApiCheckUpdateInput` (partial update), from the domain's property lists. */
export const CHECK_INPUTS = Object.fromEntries(
  (Object.keys(CHECK_TYPE_SPECS) as RoutedCheckType[]).map((type) => {
    const { fields, required } = CHECK_TYPE_SPECS[type];
    const keys = Object.keys(fields);
    const name = CHECK_TYPENAMES[type];
    return [
      type,
      {
        create: propertiesInput(`${name}Input`, keys, required, typedParts(type, "create")),
        update: propertiesInput(
          `${name}UpdateInput`,
          keys,
          [],
          typedParts(type, "update"),
          "Omitted fields keep their value; request, heartbeat and alertSettings merge into the stored ones.",
        ),
      },
    ];
  }),
) as Record<RoutedCheckType, { create: Ref; update: Ref }>;
