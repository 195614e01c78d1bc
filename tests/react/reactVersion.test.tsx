/**
 * The hook tests run twice: on React 19 (the root install) and on React 18 (tests/react18).
 * This checks each run really uses the React it is named for, for react-dom too.
 */
import { render, screen } from '@testing-library/react'
import { version as reactVersion } from 'react'
import { version as domVersion } from 'react-dom'

declare const EXPECTED_REACT_MAJOR: number

test('runs on the React major version of its Jest project', () => {
  expect(reactVersion.split('.')[0]).toBe(String(EXPECTED_REACT_MAJOR))
  expect(domVersion).toBe(reactVersion)
  render(<p>React {reactVersion}</p>)
  expect(screen.getByText(`React ${reactVersion}`)).toBeTruthy()
})
