/** FormData bodies, which data-client 0.7's resource types accept and the runtime sends as they are. */
import { createResource } from 'rtk-resources'
import { Todo } from '../fixtures/resources'

const TodoResource = createResource({ path: '/todos/:id', schema: Todo })
const form = new FormData()

// @data-client/rest 0.7 resourceTypes.d.ts: update/partialUpdate body is
// `Partial<Denormalize<S>> | FormData`; RestEndpointTypes.d.ts: push/unshift body `... | FormData`.
void TodoResource.update({ id: 1 }, form)
void TodoResource.partialUpdate({ id: 1 }, form)
void TodoResource.getList.push(form)
void TodoResource.create(form)
// @ts-expect-error a misspelled field is still refused
void TodoResource.update({ id: 1 }, { titel: 'x' })
