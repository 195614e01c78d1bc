// `npm start` will build and serve the example app (examples/issue-tracker) once it exists.
console.log('The example app is coming (see the README). Run `npm test` meanwhile.')
