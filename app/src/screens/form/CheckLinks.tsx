import { graphql } from "react-relay";
import { ChannelChoices, type ChannelOption } from "./ChannelChoices";
import { Field } from "./Field";
import { Places } from "./Places";
import type { SectionProps } from "./section";
import { TAKES } from "./values";

/** What the form offers: the account's groups, private locations, alert channels and services. */
export const linkOptions = graphql`
  fragment CheckLinks_options on Query {
    # The account's private locations and alert channels, as the group form offers them.
    ...GroupForm_options @relay(mask: false)
    services(first: 100) {
      edges {
        node {
          databaseId
          name
        }
      }
    }
    checkGroups(first: 100) {
      edges {
        node {
          id
          name
        }
      }
    }
  }
`;

export type LinkOptions = {
  groups: { id: string; name: string }[];
  privateLocations: { slugName: string; name: string }[];
  channels: ChannelOption[];
};

/** The check's group, the account's private locations it runs from and the channels it alerts through. */
export function CheckLinks({ values, set, errors, options }: SectionProps & { options: LinkOptions }) {
  return (
    <>
      <Field id="groupId" label="Group" hint="A group's settings apply to its checks" error={errors.groupId}>
        {(props) => (
          <select {...props} value={values.groupId} onChange={(event) => set({ groupId: event.target.value })}>
            <option value="">No group</option>
            {options.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {TAKES.privateLocations(values.kind) ? (
        <Places
          id="privateLocations"
          legend="Private locations (run by the account's agents)"
          places={options.privateLocations.map((p) => ({ value: p.slugName, name: `${p.name} (${p.slugName})` }))}
          chosen={values.privateLocations}
          onChange={(privateLocations) => set({ privateLocations })}
          error={errors.privateLocations}
        />
      ) : null}
      <ChannelChoices
        legend="Alert channels it alerts through"
        channels={options.channels}
        chosen={values.channels}
        onChange={(channels) => set({ channels })}
        error={errors.channels}
      />
    </>
  );
}
