Bwj
locationw.binj
offset8j
length8p