/**
 * The node test files that replace a module with vi.mock. The node project shares imported modules between the files
 * of a worker (isolate: false), where a mock of a module already imported would not take: these run isolated.
 */
export const mockingFiles = ['test/server/route-access-matrix.test.ts', 'test/server/records-one-may-not-read-look-absent.test.ts'];
