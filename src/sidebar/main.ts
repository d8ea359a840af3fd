// The sidebar's entry: the typed server over google.script.run, and the app.
import { startApp } from './app';
import { serverApi } from './server';

startApp(serverApi());
