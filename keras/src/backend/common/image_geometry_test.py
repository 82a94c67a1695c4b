import numpy as np
import pytest

from keras.src.backend.common import image_geometry

_SIZES = [(7, 9), (9, 7), (5, 5), (1, 40), (40, 1)]
_TARGETS = [(4, 4), (4, 6), (6, 4), (3, 11)]


@pytest.mark.parametrize(
    "height,width,size,crop,pad",
    [
        # (crop_h, crop_w, top, left), (pad_h, pad_w, top, left)
        (7, 9, (4, 4), (7, 7, 0, 1), (9, 9, 1, 0)),
        (9, 7, (4, 6), (4, 7, 2, 0), (9, 13, 0, 3)),
        # At least one pixel survives a crop to an extreme ratio; the
        # padding is the same above and below (the odd row is left out).
        (1, 40, (3, 11), (1, 3, 0, 18), (9, 40, 4, 0)),
    ],
)
def test_crop_and_pad_boxes(height, width, size, crop, pad):
    assert image_geometry.crop_box(height, width, size) == crop
    assert image_geometry.pad_box(height, width, size) == pad


@pytest.mark.parametrize("height,width", _SIZES)
@pytest.mark.parametrize("size", _TARGETS)
def test_size_tensors_give_the_boxes_of_python_ints(height, width, size):
    tf = pytest.importorskip("tensorflow")
    for box in (image_geometry.crop_box, image_geometry.pad_box):
        expected = box(height, width, size)
        got = box(tf.constant(height), tf.constant(width), size, xp=tf)
        assert [int(v) for v in got] == list(expected)


def test_crop_or_pad_keeps_images_without_either_flag():
    images = np.zeros((2, 5, 7, 3))
    out = image_geometry.crop_or_pad_to_aspect_ratio(
        images, (4, 4), False, False, 0.0, pad_constant=None
    )
    assert out is images


def test_channel_moves_are_inverse():
    images = np.arange(2 * 3 * 4 * 5).reshape(2, 3, 4, 5)
    last = image_geometry.to_channels_last(images, "channels_first", np)
    assert last.shape == (2, 4, 5, 3)
    back = image_geometry.from_channels_last(last, "channels_first", np)
    np.testing.assert_array_equal(back, images)
    assert image_geometry.to_channels_last(images, "channels_last", np) is (
        images
    )


def test_resize_fill_mode_other_than_constant_is_refused():
    with pytest.raises(ValueError, match="fill_mode='constant'"):
        image_geometry.check_resize_fill_mode("reflect")
