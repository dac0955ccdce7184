export const SCOPES = ["verification:create", "verification:read", "verification:inputs"] as const;
export type Scope = (typeof SCOPES)[number];
