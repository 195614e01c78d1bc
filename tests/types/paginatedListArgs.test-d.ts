/**
 * `getList.paginated(removeCursor)`: what `removeCursor` returns is given to the list's `key`, so
 * it is typed as the list's arguments. A page function of a nested list that drops the parent's
 * param (`({ cursor }) => []` on `/users/:userId/posts`) failed at run time (PathParamError from
 * `key`), and one that renamed it keyed another list and merged the pages there.
 */
import { expectTypeOf } from 'expect-type'
import { createResource, Entity } from 'rtk-resources'

class Post extends Entity {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Post'
}
const PostResource = createResource({ path: '/users/:userId/posts/:id', schema: Post })

// The list of this user.
const morePosts = PostResource.getList.paginated(
  ({ cursor: _cursor, ...rest }: { userId: number; cursor: string }) => [rest],
)
expectTypeOf(morePosts).parameters.toEqualTypeOf<[{ userId: number; cursor: string }]>()
expectTypeOf(morePosts({ userId: 1, cursor: 'x' })).resolves.toEqualTypeOf<Post[]>()
// With search params: they go to the list's key too.
PostResource.getList.paginated(
  ({ cursor: _cursor, ...rest }: { userId: number; q?: string; cursor: string }) => [rest],
)
// A list without path params: the docs' pattern, and no args at all.
const News = createResource({ path: '/news/:id', schema: Post })
News.getList.paginated(({ cursor: _cursor, ...rest }: { cursor: string }) => [rest])
News.getList.paginated((_page: { cursor: string }) => [])

// @ts-expect-error the list needs userId: the page's args were dropped entirely
PostResource.getList.paginated(({ cursor: _cursor }: { userId: number; cursor: string }) => [])
PostResource.getList.paginated(
  // @ts-expect-error the list needs userId, not user
  ({ userId }: { userId: number; cursor: string }) => [{ user: userId }],
)
PostResource.getList.paginated(
  // @ts-expect-error the list takes one argument (its params), not the cursor too
  ({ cursor, ...rest }: { userId: number; cursor: string }) => [rest, cursor],
)
