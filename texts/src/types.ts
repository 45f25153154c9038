export type TextTable = Record<string, Record<string, string>>;
export type Translate = (key: string, values?: Record<string, string | number>) => string;
