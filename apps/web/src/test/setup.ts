import { configure } from '@testing-library/react';

// The `find…` queries and `waitFor` wait on a condition: a slow, shared machine (the whole suite
// runs one file per core) can take more than the library's default second to get there.
configure({ asyncUtilTimeout: 5_000 });
