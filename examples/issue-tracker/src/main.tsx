import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'react-redux'
import { EntityCacheProvider } from 'rtk-resources/react'
import { AuthProvider } from './api/auth'
import { getLabels, UserResource } from './api/resources'
import { App } from './components/App'
import { cache, store } from './store'
import './styles/base.css'
import './styles/layout.css'
import './styles/controls.css'
import './styles/issues.css'
import './styles/team.css'

// Start the requests every page needs before the first render, so they run side by side
// (the hooks that read them share these requests instead of starting their own).
const controller = cache.controller(store)
const ignore = () => {}
controller.fetch(UserResource.getList).catch(ignore)
controller.fetch(getLabels).catch(ignore)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <EntityCacheProvider cache={cache}>
        <AuthProvider>
          <App />
        </AuthProvider>
      </EntityCacheProvider>
    </Provider>
  </StrictMode>,
)
