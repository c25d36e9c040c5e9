/**
 * A fixture the tests of a file share, made at the first call (inside a test, once the service
 * runs) and answered again to the later ones: for the tests that leave it as it was (the cases
 * of a refusals table), or that go on from where the last one left it.
 */
export function shared<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
