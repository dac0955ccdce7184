import { describe, expect, expectTypeOf, it } from "vitest";
import { DataMode as DbDataMode, ProcessType as DbProcessType } from "@/generated/prisma/enums";
import { dataMode, type DataMode } from "@/lib/shared/data-mode";
import { PROCESS_TYPES, type ProcessType } from "@/lib/shared/process-types";

// The database's enums (prisma/schema.prisma) and the browser-safe lists in lib/shared (which may not import the
// generated client) name the same values: a process type or mode added on one side only fails here, not as an
// "invalid input value for enum" at run time.
describe("database enums and lib/shared", () => {
  it("ProcessType has exactly the values of PROCESS_TYPES", () => {
    expect(Object.values(DbProcessType).sort()).toEqual([...PROCESS_TYPES].sort());
    expectTypeOf<DbProcessType>().toEqualTypeOf<ProcessType>();
  });

  it("DataMode has exactly the values dataMode() yields, spelled as the API spells them", () => {
    expect(Object.values(DbDataMode).sort()).toEqual([dataMode("live"), dataMode("test")].sort());
    expect(Object.values(DbDataMode).sort()).toEqual(["live", "test"]);
    expectTypeOf<DbDataMode>().toEqualTypeOf<DataMode>();
  });
});
