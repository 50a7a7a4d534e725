"""Reading photos of finished sheets: the pages sheetsmith printed carry registration markers
and a code naming the page, and every mark a player fills lies where the page's own layout
put it. `marks` holds that geometry as plain data (no OpenCV); the reading modules beside it
find the page in a photo, rectify it and decide each mark."""
