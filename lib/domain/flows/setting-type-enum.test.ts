import { describe, expect, expectTypeOf, it } from "vitest";
import { SettingType } from "@/generated/prisma/enums";
import { SETTING_TYPES } from "@/lib/shared/workflow-settings";

// WorkflowSetting.type is stored as the SettingType enum (prisma/schema.prisma): a setting type added to
// SETTING_TYPES only would fail on insert ("invalid input value for enum"), so the two lists must name the same values.
describe("SettingType enum", () => {
  it("has exactly the values of SETTING_TYPES, in the same order", () => {
    expect(Object.values(SettingType)).toEqual([...SETTING_TYPES]);
    expectTypeOf<SettingType>().toEqualTypeOf<(typeof SETTING_TYPES)[number]>();
  });
});
