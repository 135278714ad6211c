// The entry module of the page `pyramid analyze --html` writes: the game viewer alone, no
// server (review.js's initEmbedded, over the data embedded in window.PYRAMID_REVIEW).
// russian_pyramid/app/review_page.py inlines it with the modules it imports.
import {initEmbedded} from "./review.js";
initEmbedded(window.PYRAMID_REVIEW);
