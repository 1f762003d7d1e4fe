Bwj
locationw.binj
offset56p