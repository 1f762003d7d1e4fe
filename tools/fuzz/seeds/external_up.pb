Bwj
locationup/outside.binj
offset0j
length8p