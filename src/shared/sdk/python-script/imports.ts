/** The `from <module> import <names>` a script needs, gathered as its parts are written. */
export class PythonImports {
  private readonly modules = new Map<string, Set<string>>();

  add(module: string, ...names: string[]): this {
    if (names.length === 0) return this;
    let set = this.modules.get(module);
    if (!set) this.modules.set(module, (set = new Set()));
    for (const name of names) set.add(name);
    return this;
  }

  merge(other: PythonImports): this {
    for (const [module, names] of other.modules) this.add(module, ...names);
    return this;
  }

  /** One line per module, modules and names sorted. */
  lines(): string[] {
    return [...this.modules.keys()]
      .sort()
      .map((m) => `from ${m} import ${[...this.modules.get(m)!].sort().join(', ')}`);
  }
}
