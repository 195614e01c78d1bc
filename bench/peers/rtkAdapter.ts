/** RTK `createEntityAdapter`: plain state functions, and a slice for the store cases. */
import { configureStore, createEntityAdapter, createSlice } from '@reduxjs/toolkit'
import type { RawItem } from '../data'

export const itemAdapter = createEntityAdapter<RawItem>()

export const itemsSlice = createSlice({
  name: 'items',
  initialState: itemAdapter.getInitialState(),
  reducers: {
    setAll: itemAdapter.setAll,
    upsertMany: itemAdapter.upsertMany,
    upsertOne: itemAdapter.upsertOne,
  },
})

/** A plain store with RTK's O(state) dev checks off, holding `items`. */
export function createAdapterStore(items: readonly RawItem[]) {
  const store = configureStore({
    reducer: { items: itemsSlice.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  })
  store.dispatch(itemsSlice.actions.setAll(items as RawItem[]))
  return store
}
