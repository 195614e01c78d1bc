import type { RawProject, RawUser } from '../data'

/** One library's way to store and read the project graph, as that library's users write it. */
export interface GraphPeer<TState = any, TMemo = any> {
  readonly name: string
  /** Normalizes the raw response into an empty store. */
  normalize(response: RawProject[]): { result: unknown; state: TState }
  /** A new memo cache; absent when the library has none (every read is cold). */
  createMemo?(): TMemo
  /** Reads the project list back (through `memo` when given). */
  denormalize(memo: TMemo | undefined, result: unknown, state: TState): unknown
  /** Writes one changed user record into the state, immutably, as the library does it. */
  writeUser?(state: TState, user: RawUser): TState
}

/** The denormalized shape every peer returns (instances or plain objects). */
export interface ReadProject {
  id: number
  owner: ReadUser
  issues: ReadIssue[]
}
export interface ReadIssue {
  id: number
  assignee: ReadUser
  labels: object[]
}
export interface ReadUser {
  id: number
}
