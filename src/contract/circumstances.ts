// The circumstance checkboxes of RULES 5.2-5.5, each declared once, in the rules' own tables: its key, its
// amount, and its label, which is its Battles header. The sheet's parser, the sidebar's form and the server's
// writes all read the groups from this map; columns.ts places each header among the Battles columns.
import {
  DEFENDER_MODIFIERS,
  ENVIRONMENT_MODIFIERS,
  MORALE_MODIFIERS,
  type SideCircumstances,
  type SituationalModifier,
  TERRAIN_MODIFIERS,
} from '../rules';

export type CircumstanceGroup = 'morale' | 'environment' | 'terrain' | 'defense';

/** The rules' table of each group of checkboxes, by its key in SideCircumstances; a label is a Battles header. */
export const CIRCUMSTANCE_COLUMNS = {
  morale: MORALE_MODIFIERS,
  environment: ENVIRONMENT_MODIFIERS,
  terrain: TERRAIN_MODIFIERS,
  defense: DEFENDER_MODIFIERS,
} as const satisfies { [G in CircumstanceGroup]: Record<keyof SideCircumstances[G], SituationalModifier> };

type Tables = typeof CIRCUMSTANCE_COLUMNS;
/** The Battles header of a circumstance checkbox: its label in the rules' table. */
export type CircumstanceHeader = {
  [G in CircumstanceGroup]: Tables[G][keyof Tables[G]] extends { readonly label: infer L } ? L : never;
}[CircumstanceGroup];

/** A group's checkboxes as [key, Battles header] pairs, in the table's order. */
export const circumstanceColumns = (group: CircumstanceGroup): [key: string, header: CircumstanceHeader][] =>
  Object.entries<SituationalModifier>(CIRCUMSTANCE_COLUMNS[group]).map(([key, m]) => [
    key,
    m.label as CircumstanceHeader, // every label of these tables is one
  ]);
