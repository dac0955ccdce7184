// The one source of "now" for domain code, so tests move time instead of sleeping (vi.spyOn(clock, "now")).
export const clock = {
  now: (): Date => new Date(),
};
