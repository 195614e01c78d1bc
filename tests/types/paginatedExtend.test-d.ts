/**
 * A pages endpoint (`getList.paginated`) has a typed `extend` (other settings, same list) and so a
 * typed hook from `hookifyResource`, as every other member.
 */
import { expectTypeOf } from 'expect-type'
import { createResource, Entity, hookifyResource } from 'rtk-resources'
class Story extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Story'
}
const base = createResource({ path: '/stories/:id', schema: Story })
const Res = { ...base, getMore: base.getList.paginated('cursor') }
const more = Res.getMore.extend({ dataExpiryLength: 5 })
expectTypeOf(more.key({ cursor: '2' })).toBeString()
const hooks = hookifyResource(Res, () => ({ headers: { a: 'b' } }))
expectTypeOf(hooks.useGetMore).returns.toEqualTypeOf<typeof Res.getMore>()
