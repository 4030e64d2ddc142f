import { yieldToMain } from './lib/yield-to-main';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The entry is only this: evaluating React, the router, the layout and home in one go was one
// long task (issue 26). The libraries' modules (app/start-libraries.ts) and then the app's come
// each in a task of its own (index.html preloads both, so nothing waits on the network for them),
// and app/start-app.tsx goes on in short tasks.
void yieldToMain()
  .then(() => import('./app/start-libraries'))
  .then(yieldToMain)
  .then(() => import('./app/start-app'))
  .then(async ({ startApp }) => {
    await yieldToMain();
    await startApp(root, yieldToMain);
  });
