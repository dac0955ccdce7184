import { describe, expect, it } from "vitest";
import { withoutVesselPrefix } from "@/lib/engines/names/vessel";

describe("a vessel's name without its type prefix", () => {
  it("takes off MV, M/V, M.V., MT, M/T, SS, HMS and their kin before a name", () => {
    expect(withoutVesselPrefix("MV Sea Breeze")).toBe("Sea Breeze");
    expect(withoutVesselPrefix("M/V WISE HONEST")).toBe("WISE HONEST");
    expect(withoutVesselPrefix("M.V. Wise Honest")).toBe("Wise Honest");
    expect(withoutVesselPrefix("m/t Adrian Darya 1")).toBe("Adrian Darya 1");
    expect(withoutVesselPrefix("SS Victory")).toBe("Victory");
    expect(withoutVesselPrefix("HMS Belfast")).toBe("Belfast");
  });

  it("leaves a name that only starts like one, or is nothing but the prefix", () => {
    expect(withoutVesselPrefix("MV")).toBe("MV");
    expect(withoutVesselPrefix("Mvita Star")).toBe("Mvita Star");
    expect(withoutVesselPrefix("MA Wei")).toBe("MA Wei");
    expect(withoutVesselPrefix("SSANGYONG 3")).toBe("SSANGYONG 3");
    expect(withoutVesselPrefix("Victory")).toBe("Victory");
  });
});
