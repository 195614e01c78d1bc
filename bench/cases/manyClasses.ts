/**
 * Case 1m: case 1 (normalize 500 projects) in an app with nine entity classes. Case 1 runs in
 * a process that has seen four (Project, Issue, User, Label), and V8 copies an object spread fast
 * only while it has seen at most four layouts of source object; an app has more classes. So each
 * library first normalizes records of five more classes (50 small responses each), then the
 * 500 projects are timed as in case 1. Run in a child process of its own (group `apps`): the five
 * classes would change what every later case measures.
 */
import { normalize as dataClientNormalize } from '@data-client/normalizr'
import { normalize as normalizrNormalize, schema as normalizrSchema } from 'normalizr'
import { Entity, normalize } from '../../src/index'
import { generateProjects } from '../data'
import { DataClientEntity, dataClient } from '../peers/dataClient'
import { normalizr } from '../peers/normalizr'
import { ours } from '../peers/ours'
import type { GraphPeer } from '../peers/types'
import type { CaseResult } from '../results'
import { compare, task } from '../timing'
import type { MeasureOptions } from '../timing'

/** The five more classes: each with members of its own, so each is a new record layout. */
const NAMES = ['Team', 'Comment', 'Milestone', 'Release', 'Webhook']

/** Records of class `name`: an id and three members named after the class. */
function recordsOf(name: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    [`${name}Title`]: `${name} ${i}`,
    [`${name}Rank`]: i,
    [`${name}Open`]: i % 2 === 0,
  }))
}

/** Normalizes 50 responses of 20 records of each of the five classes, with each library. */
function useFiveMoreClasses(): void {
  for (const name of NAMES) {
    class Ours extends Entity {
      id = 0
      pk() {
        return this.id
      }
      static key = name
    }
    class TheirDataClient extends DataClientEntity {
      id = 0
      pk() {
        return this.id
      }
      static key = name
    }
    const theirNormalizr = new normalizrSchema.Entity(name)
    for (let i = 0; i < 50; i++) {
      const records = recordsOf(name, 20)
      normalize([Ours], records)
      dataClientNormalize([TheirDataClient] as never, records, [], {
        entities: {},
        indexes: {},
        entitiesMeta: {},
      } as never)
      normalizrNormalize(records, [theirNormalizr])
    }
  }
}

export function runManyClassesCase(options: MeasureOptions = {}): CaseResult[] {
  useFiveMoreClasses()
  const raw = generateProjects()
  const all: GraphPeer[] = [ours, dataClient, normalizr]
  const timings = compare(
    all.map((peer) => task(() => peer.normalize(raw))),
    options,
  )
  return [
    {
      id: '1m',
      title: 'the same, in an app with 9 entity classes',
      ours: { timing: timings[0]! },
      peers: all
        .slice(1)
        .map((peer, i) => ({ name: peer.name, value: { timing: timings[i + 1]! } })),
    },
  ]
}
