// The sidebar's entry: the typed server over google.script.run, and the app.
import { serverApi } from './api';
import { startApp } from './app';

startApp(serverApi());
