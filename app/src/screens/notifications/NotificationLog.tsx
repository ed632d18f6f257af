import { type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { NotificationLogQuery } from "../../__generated__/NotificationLogQuery.graphql";
import type { ScreenProps } from "../../routes";
import { SearchSelect } from "../../ui/SearchSelect";
import { channelTarget } from "../alerting/ChannelRow";
import { notificationLogQuery } from "./NotificationLogQuery";
import { NotificationList } from "./NotificationList";

/** Every alert delivery of the account, filtered by channel, outcome and check (the filters live in the URL). */
export function NotificationLog({ queryRef, search }: ScreenProps) {
  const data = usePreloadedQuery<NotificationLogQuery>(
    notificationLogQuery,
    queryRef as PreloadedQuery<NotificationLogQuery>,
  );
  const checks = data.checks.edges.map(({ node }) => node);
  const select = (key: string, label: string, options: [string, string][]) => (
    <SearchSelect search={search} name={key} label={label} options={options} />
  );
  return (
    <>
      <h1>Notification log</h1>
      <search className="filters" aria-label="Filter notifications">
        {select("channel", "Channel", [
          ["", "Any channel"],
          ...data.alertChannels.edges.map(({ node }): [string, string] => [
            node.id,
            `${node.type.toLowerCase()} ${channelTarget(node.config as Record<string, unknown>)}`,
          ]),
        ])}
        {select("status", "Outcome", [
          ["", "Any outcome"],
          ["FAILURE", "Failed"],
          ["IN_PROGRESS", "Retrying"],
          ["SUCCESS", "Delivered"],
        ])}
        {select("check", "Check", [["", "Any check"], ...checks.map((c): [string, string] => [c.id, c.name])])}
      </search>
      <NotificationList
        viewer={data.viewer}
        checkNames={new Map(checks.map((check) => [check.databaseId, check.name]))}
      />
    </>
  );
}
