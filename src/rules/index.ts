// The warcard rules, pure and platform-free (RULES.md). Nothing here knows of Sheets.
export * from './plan-advisor';
export * from './allocation';
export * from './battle';
export * from './character';
export * from './defined';
export * from './fight';
export * from './forces';
export * from './modifiers';
export * from './names';
export * from './odds';
export * from './plans';
export * from './resolution';
export * from './house-rules';
export * from './tables';
export * from './unit';
export * from './treasury';
