import type { ServiceChooser_query$key } from "../../__generated__/ServiceChooser_query.graphql";
import { Field } from "../form/Field";
import { Reorder } from "./Reorder";
import { ServiceChooser } from "./ServiceChooser";
import { ServiceState } from "./ServiceState";
import { type CardValue, newCardKey } from "./values";

/** The page's cards in order, each with its services in order: both rearranged by drag or keyboard. */
export function CardsEditor({
  cards,
  onChange,
  query,
  errors,
}: {
  cards: CardValue[];
  onChange: (cards: CardValue[]) => void;
  query: ServiceChooser_query$key;
  errors: Record<string, string>;
}) {
  const set = (index: number, change: Partial<CardValue>) =>
    onChange(cards.map((card, i) => (i === index ? { ...card, ...change } : card)));
  return (
    <fieldset aria-describedby={errors.cards ? "cards-error" : undefined}>
      <legend>Cards and their services</legend>
      {cards.length === 0 ? <p>No card yet: the page shows no service.</p> : null}
      <Reorder
        id="cards"
        items={cards}
        keyOf={(card) => card.key}
        labelOf={(card) => `card ${card.name || "without a name"}`}
        onChange={onChange}
      >
        {(card, index) => (
          <>
            <Field id={`card-${index}-name`} label={`Card ${index + 1} name`} error={errors[`card-${index}-name`]}>
              {(props) => (
                <input {...props} value={card.name} onChange={(event) => set(index, { name: event.target.value })} />
              )}
            </Field>
            <Reorder
              id={`card-${card.key}-services`}
              items={card.services}
              keyOf={(service) => service.id}
              labelOf={(service) => service.name}
              onChange={(services) => set(index, { services })}
            >
              {(service) => (
                <>
                  {service.name} <ServiceState state={service.state} />{" "}
                  <button
                    type="button"
                    onClick={() => set(index, { services: card.services.filter((s) => s.id !== service.id) })}
                  >
                    Remove {service.name} from the card
                  </button>
                </>
              )}
            </Reorder>
            {errors[`card-${index}-services`] ? (
              <small className="field-error" data-testid={`error-card-${index}-services`}>
                {errors[`card-${index}-services`]}
              </small>
            ) : null}
            <ServiceChooser
              id={`card-${index}-add`}
              query={query}
              chosen={card.services}
              onAdd={(service) => set(index, { services: [...card.services, service] })}
            />
            <button type="button" className="danger" onClick={() => onChange(cards.filter((_, i) => i !== index))}>
              Remove card {card.name || index + 1}
            </button>
          </>
        )}
      </Reorder>
      <button
        type="button"
        onClick={() => onChange([...cards, { key: newCardKey(), id: null, name: "", services: [] }])}
      >
        Add a card
      </button>
      {errors.cards ? (
        <small id="cards-error" className="field-error" data-testid="error-cards">
          {errors.cards}
        </small>
      ) : null}
    </fieldset>
  );
}
