import { configureStore } from '@reduxjs/toolkit'
import { expectTypeOf } from 'expect-type'
import { Resource, createEntityCache } from 'rtk-resources'

class Article extends Resource {
  id = 0
  title = ''
  pk() {
    return this.id
  }
  static key = 'Article'
  static urlRoot = 'https://api.example.com/articles'
}

const cache = createEntityCache()
const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer } })
const controller = cache.controller(store)

async function check() {
  expectTypeOf(await controller.fetch(Article.detail(), { id: 1 })).toEqualTypeOf<Article>()
  expectTypeOf(await controller.fetch(Article.create(), { title: 'x' })).toEqualTypeOf<Article>()
  expectTypeOf(
    await controller.fetch(Article.partialUpdate(), { id: 1 }, { title: 'y' }),
  ).toEqualTypeOf<Article>()
  // @ts-expect-error detail needs the id
  void controller.fetch(Article.detail(), {})
  // @ts-expect-error update needs a body
  void controller.fetch(Article.update(), { id: 1 })
}
void check
