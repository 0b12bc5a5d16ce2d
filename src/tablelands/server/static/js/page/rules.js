// A game's rules page: its "Play now against a bot" button.

import { wirePlayNow } from "./quick.js";

wirePlayNow(document);
