// Prototype pollution in this process: what a polluting key reaches (the built-in prototypes, their
// constructors, and the methods on both), remembered, compared, and put back. Put back, so one
// polluting case fails as itself and not every case after it (fast-check then shrinks to the right one).

type Snapshot = Map<object, { name: string; properties: Map<PropertyKey, PropertyDescriptor> }>;

const ROOTS: [string, object][] = [
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
  ["String.prototype", String.prototype],
  ["Number.prototype", Number.prototype],
  ["Boolean.prototype", Boolean.prototype],
  ["Object", Object],
  ["Array", Array],
];

/** Every shared object a key path can reach, with each one's own properties as they are now. */
export function snapshotGlobals(): Snapshot {
  const snapshot: Snapshot = new Map();
  const remember = (name: string, target: object) => {
    if (snapshot.has(target)) return;
    const properties = new Map<PropertyKey, PropertyDescriptor>();
    for (const key of Reflect.ownKeys(target)) properties.set(key, Reflect.getOwnPropertyDescriptor(target, key)!);
    snapshot.set(target, { name, properties });
  };
  for (const [name, root] of ROOTS) {
    remember(name, root);
    for (const key of Reflect.ownKeys(root)) {
      const value = Reflect.getOwnPropertyDescriptor(root, key)?.value;
      if (typeof value === "function") remember(`${name}.${String(key)}`, value);
    }
  }
  return snapshot;
}

/**
 * What changed on those objects since the snapshot (`Object.prototype.language`), each change put
 * back as it was. Empty when nothing changed.
 */
export function pollutionSince(snapshot: Snapshot): string[] {
  const changes: string[] = [];
  for (const [target, { name, properties }] of snapshot) {
    for (const key of Reflect.ownKeys(target)) {
      const before = properties.get(key);
      const now = Reflect.getOwnPropertyDescriptor(target, key)!;
      if (before && Object.is(before.value, now.value) && before.get === now.get && before.set === now.set) continue;
      changes.push(`${name}.${String(key)}`);
      if (before) Reflect.defineProperty(target, key, before);
      else Reflect.deleteProperty(target, key);
    }
    for (const [key, descriptor] of properties)
      if (!Reflect.getOwnPropertyDescriptor(target, key)) {
        changes.push(`${name}.${String(key)} (deleted)`);
        Reflect.defineProperty(target, key, descriptor);
      }
  }
  return changes;
}
