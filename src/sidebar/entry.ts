// The sidebar's entry: the typed server over google.script.run, and the app, started on the campaign Battle… put
// in the page (no call), or on a load when the page holds none.
import { startApp } from './app';
import { answerInPage, serverApi } from './server';

startApp(serverApi(), answerInPage());
