// The libraries' module bodies (React, React DOM, the router: the vendor chunk), evaluated in a
// task of their own before the app's module (main.tsx): together they were one task of ~70 ms on
// a slow host, ~280 ms for a phone (issue 26).
import 'react-dom/client';
