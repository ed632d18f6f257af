import type { StatusPageEditorFields$data } from "../../__generated__/StatusPageEditorFields.graphql";

// The editor's form values, made from the page as stored and turned into StatusPageInput.

type Stored = Omit<StatusPageEditorFields$data, " $fragmentType">;
export type Palette = NonNullable<Stored["themeColors"]>["light"];
export type Colors = { light: Palette; dark: Palette };
export type CardService = { id: string; name: string; state?: string | null };
/** `key` names a card in the form (a new card has no id until saved). */
export type CardValue = { key: string; id: string | null; name: string; services: CardService[] };

export type Values = {
  name: string;
  url: string;
  description: string;
  customDomain: string;
  logo: string;
  logoDark: string;
  defaultTheme: "AUTO" | "LIGHT" | "DARK";
  isPrivate: boolean;
  customColors: boolean;
  colors: Colors;
  webhookSecret: string;
  cards: CardValue[];
};

let made = 0;
export const newCardKey = () => `new-${++made}`;

const copy = (palette: Palette): Palette => ({ ...palette });

export function valuesOf(page: Stored | null | undefined, defaults: Colors): Values {
  return {
    name: page?.name ?? "",
    url: page?.url ?? "",
    description: page?.description ?? "",
    customDomain: page?.customDomain ?? "",
    logo: page?.logo ?? "",
    logoDark: page?.logoDark ?? "",
    defaultTheme: (page?.defaultTheme as Values["defaultTheme"]) ?? "AUTO",
    isPrivate: page?.isPrivate ?? false,
    customColors: Boolean(page?.themeColors),
    colors: {
      light: copy(page?.themeColors?.light ?? defaults.light),
      dark: copy(page?.themeColors?.dark ?? defaults.dark),
    },
    webhookSecret: "",
    cards: (page?.cards ?? []).map((card) => ({
      key: card.id,
      id: card.id,
      name: card.name,
      services: card.services.map((service) => ({ ...service })),
    })),
  };
}

const orNull = (text: string) => text.trim() || null;

/** The input of createStatusPage/updateStatusPage; an empty secret is left out (the stored one stays). */
export function inputOf(values: Values) {
  return {
    name: values.name,
    url: values.url,
    description: orNull(values.description),
    customDomain: orNull(values.customDomain),
    logo: orNull(values.logo),
    logoDark: orNull(values.logoDark),
    defaultTheme: values.defaultTheme,
    isPrivate: values.isPrivate,
    themeColors: values.customColors ? values.colors : null,
    ...(values.webhookSecret ? { webhookSecret: values.webhookSecret } : {}),
    cards: values.cards.map((card) => ({
      ...(card.id ? { id: card.id } : {}),
      name: card.name,
      services: card.services.map((service) => ({ id: service.id })),
    })),
  };
}

/** The form field a ValidationError's path names: "cards.1.name" is the second card's name. */
export function fieldOf(path: string): string {
  const parts = path.split(".");
  if (parts[0] === "cards" && parts.length > 2) return `card-${parts[1]}-${parts[2] === "name" ? "name" : "services"}`;
  return parts[0] ?? path;
}

/** Moves the item at `from` to `to` (both in range), keeping the others' order. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
