/**
 * The app's Redux store: an ordinary slice of its own (`ui`) beside the entity cache. Redux
 * DevTools is on (configureStore's default); every cache action is plain data, so time travel
 * replays lists, edits and deletes.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { createEntityCache } from 'rtk-resources'

export const cache = createEntityCache({ reducerPath: 'cache' })

export interface UiState {
  /** Who the requests are made as (`null`: signed out). */
  currentUserId: string | null
  /** The label the issue list is filtered by. */
  labelFilter: string | null
  /** A message above the page (`Deleted #12`, or why a request failed). */
  notice: { text: string; tone: 'info' | 'error' } | null
}

const initialState: UiState = { currentUserId: 'ada', labelFilter: null, notice: null }

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<string | null>) {
      state.currentUserId = action.payload
    },
    labelFilterSet(state, action: PayloadAction<string | null>) {
      state.labelFilter = action.payload
    },
    noticeShown(state, action: PayloadAction<UiState['notice']>) {
      state.notice = action.payload
    },
  },
  selectors: {
    selectCurrentUserId: (state) => state.currentUserId,
    selectLabelFilter: (state) => state.labelFilter,
    selectNotice: (state) => state.notice,
  },
})

export const { signedIn, labelFilterSet, noticeShown } = uiSlice.actions
export const { selectCurrentUserId, selectLabelFilter, selectNotice } = uiSlice.selectors

export const store = configureStore({
  reducer: { ui: uiSlice.reducer, [cache.reducerPath]: cache.reducer },
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(cache.middleware),
})

export type RootState = ReturnType<typeof store.getState>
export type AppDispatch = typeof store.dispatch
