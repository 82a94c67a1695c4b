from keras.src.utils.file_utils import get_file  # noqa: F401
from keras.src.utils.image_dataset_utils import (  # noqa: F401
    image_dataset_from_directory,
)
from keras.src.utils.image_utils import array_to_img  # noqa: F401
from keras.src.utils.image_utils import img_to_array  # noqa: F401
from keras.src.utils.image_utils import load_img  # noqa: F401
from keras.src.utils.image_utils import save_img  # noqa: F401
from keras.src.utils.io_utils import disable_interactive_logging  # noqa: F401
from keras.src.utils.io_utils import enable_interactive_logging  # noqa: F401
from keras.src.utils.io_utils import is_interactive_logging_enabled  # noqa: F401
from keras.src.utils.numerical_utils import normalize  # noqa: F401
from keras.src.utils.numerical_utils import to_categorical  # noqa: F401
from keras.src.utils.progbar import Progbar  # noqa: F401
from keras.src.utils.rng_utils import set_random_seed  # noqa: F401
from keras.src.utils.traceback_utils import disable_traceback_filtering  # noqa: F401
from keras.src.utils.traceback_utils import enable_traceback_filtering  # noqa: F401
from keras.src.utils.traceback_utils import is_traceback_filtering_enabled  # noqa: F401
