"""From a photo of the table to the position (issue 31).

* :mod:`.geometry` - the homography from a plane of the table to the photo, the camera it
  implies (focal length, pose), rays back to the table;
* :mod:`.table_find` - the cloth by its colour, its outline, which end is the house;
* :mod:`.balls` - the balls (ivory and the coloured cue ball) and their centres;
* :mod:`.imaging` - reading a photo with its limits (OpenCV imported on first use);
* :mod:`.service` - :func:`~.service.read_position`, what ``pyramid photo`` calls.

docs/PHOTO.md says how it is measured and what it gets.
"""
