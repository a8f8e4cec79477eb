/** The policy as a map: directive -> sources. */
export function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name as string, sources];
    }),
  );
}
