Bwj
location../outside.binp