/* An error page: only its words, in the reader's language. */
"use strict";
Hub.init();
