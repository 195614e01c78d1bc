import { EntityValidationError, MemoCache, SchemaDefinitionError, schema } from 'rtk-resources'
import { expectPlainJson, write } from '../fixtures/tables'

class Todo {
  id = 0
  slug = ''
  title = ''
  done = false
}

describe('schema.Entity', () => {
  it('turns a plain class into an Entity with a pk field name', () => {
    const TodoEntity = schema.Entity(Todo, { key: 'Todo', pk: 'slug' })
    expect(TodoEntity.key).toBe('Todo')
    const { response, result, source } = write(
      [TodoEntity],
      [
        { id: 1, slug: 'buy-milk', title: 'Buy milk' },
        { id: 2, slug: 'walk', title: 'Walk', done: true },
      ],
    )
    expect(result).toEqual(['buy-milk', 'walk'])
    expect(Object.keys(response.entities.Todo ?? {})).toEqual(['buy-milk', 'walk'])
    expectPlainJson(response)
    const todos = new MemoCache().denormalize([TodoEntity], result, source).data as Todo[]
    expect(todos.map((todo) => todo.title)).toEqual(['Buy milk', 'Walk'])
    expect(todos[0]).toBeInstanceOf(Todo)
    expect(todos[0]?.done).toBe(false) // field default
    expect((todos[1] as Todo & { pk(): unknown }).pk()).toBe('walk')
  })

  it('accepts a pk function', () => {
    const TodoEntity = schema.Entity(Todo, {
      key: 'ScopedTodo',
      pk: (value) => `${value.id}:${value.slug}`,
    })
    const { result, source } = write(TodoEntity, { id: 3, slug: 'x', title: 'X' })
    expect(result).toBe('3:x')
    const todo = new MemoCache().denormalize(TodoEntity, result, source).data as Todo
    expect(todo.title).toBe('X')
  })

  it('reads `id` when neither a pk option nor a pk method is given', () => {
    const TodoEntity = schema.Entity(Todo, { key: 'PlainTodo' })
    expect(write(TodoEntity, { id: 0, title: 'zero' }).result).toBe(0)
  })

  it('keeps a pk method the class already has', () => {
    class Slugged {
      slug = ''
      pk() {
        return this.slug
      }
    }
    const SluggedEntity = schema.Entity(Slugged, { key: 'Slugged' })
    expect(write(SluggedEntity, { slug: 'abc' }).result).toBe('abc')
  })

  it('takes nested member schemas, including other entities and Date', () => {
    class Owner {
      id = ''
      name = ''
    }
    class Project {
      id = ''
      owner: Owner | undefined = undefined
      due = new Date(0)
    }
    const OwnerEntity = schema.Entity(Owner, { key: 'Owner' })
    const ProjectEntity = schema.Entity(Project, {
      key: 'Project',
      schema: { owner: OwnerEntity, due: Date },
    })
    const { response, source } = write(ProjectEntity, {
      id: 'p',
      owner: { id: 'o', name: 'Olga' },
      due: '2030-01-01T00:00:00.000Z',
    })
    expect(response.entities.Project?.p).toEqual({
      id: 'p',
      owner: 'o',
      due: '2030-01-01T00:00:00.000Z',
    })
    const project = new MemoCache().denormalize(ProjectEntity, 'p', source).data as Project
    expect(project.owner).toBeInstanceOf(Owner)
    expect(project.owner?.name).toBe('Olga')
    expect(project.due).toEqual(new Date('2030-01-01T00:00:00.000Z'))
  })
})

describe('schema.Entity(Base, options) as a base class (data-client mixin)', () => {
  class Article {
    id = ''
    slug = ''
    title = ''
  }

  it('takes its table key from the subclass, not from Base', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {}) // no static key
    class ArticleEntity extends schema.Entity(Article) {}
    class OtherArticle extends schema.Entity(Article) {}
    expect(ArticleEntity.key).toBe('ArticleEntity')
    expect(OtherArticle.key).toBe('OtherArticle')
    const { response } = write(ArticleEntity, { id: 'a', title: 'A' })
    expect(Object.keys(response.entities)).toEqual(['ArticleEntity'])
    expect(warn).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('a subclass static key, or the key option, wins', () => {
    class Keyed extends schema.Entity(Article) {
      static key = 'Story'
    }
    expect(Keyed.key).toBe('Story')
    class Optioned extends schema.Entity(Article, { key: 'Post' }) {}
    expect(Optioned.key).toBe('Post')
  })

  it('honours a pk() written on the subclass, over the pk option', () => {
    class BySlug extends schema.Entity(Article, { key: 'BySlug', pk: 'id' }) {
      pk() {
        return this.slug
      }
    }
    const { result, source } = write([BySlug], [{ id: '1', slug: 'hello', title: 'Hi' }])
    expect(result).toEqual(['hello'])
    const [read] = new MemoCache().denormalize([BySlug], result, source).data as BySlug[]
    expect(read).toBeInstanceOf(BySlug)
    expect(read).toBeInstanceOf(Article)
    expect(read?.pk()).toBe('hello')
  })

  it('accepts the lifecycle options: process, merge, validate, useIncoming, schema', () => {
    class Owner {
      id = ''
    }
    const OwnerEntity = schema.Entity(Owner, { key: 'MixOwner' })
    class Post {
      id = ''
      title = ''
      owner: Owner | undefined = undefined
      at = new Date(0)
    }
    const PostEntity = schema.Entity(Post, {
      key: 'MixPost',
      schema: { owner: OwnerEntity, at: Date },
      process: (input: any) => ({ ...input, title: String(input.title).trim() }),
      merge: (existing, incoming) => ({ ...existing, ...incoming, merged: true }),
      validate: (record) => (record.title === '' ? 'empty title' : undefined),
      useIncoming: () => true,
    })
    const first = write(PostEntity, { id: 'p', title: '  Hi  ', owner: { id: 'o' }, at: 'x' })
    expect(first.response.entities.MixPost?.p).toMatchObject({ title: 'Hi', owner: 'o' })
    const second = write(PostEntity, { id: 'p', title: 'Again' }, first.tables)
    expect(second.response.entities.MixPost?.p).toMatchObject({ title: 'Again', merged: true })
    expect(() => write(PostEntity, { id: 'q', title: '  ' })).toThrow(EntityValidationError)
  })

  it('a class with no name and no key is a clear error; unknown options warn', () => {
    const Anonymous = schema.Entity(
      (() =>
        class {
          id = ''
        })(),
    )
    expect(() => Anonymous.key).toThrow(SchemaDefinitionError)
    expect(() => write(Anonymous, { id: '1' })).toThrow(/no `static key` and no class name/)
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    schema.Entity(Article, { key: 'Warned', shouldUpdate: () => true } as never)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"shouldUpdate"'))
    warn.mockRestore()
  })

  it('schema.Entity(undefined) (a circular import) throws where it is written', () => {
    // Before: "Class extends value undefined is not a constructor or null".
    const make = () => schema.Entity(undefined as any)
    expect(make).toThrow(SchemaDefinitionError)
    expect(make).toThrow(/schema.Entity takes a class.*circular import/s)
  })
})
