from keras.src.utils.io_utils import disable_interactive_logging  # noqa: F401
from keras.src.utils.io_utils import enable_interactive_logging  # noqa: F401
from keras.src.utils.io_utils import (  # noqa: F401
    is_interactive_logging_enabled,
)
from keras.src.utils.numerical_utils import normalize  # noqa: F401
from keras.src.utils.numerical_utils import to_categorical  # noqa: F401
from keras.src.utils.progbar import Progbar  # noqa: F401
from keras.src.utils.rng_utils import set_random_seed  # noqa: F401
from keras.src.utils.traceback_utils import (  # noqa: F401
    disable_traceback_filtering,
)
from keras.src.utils.traceback_utils import (  # noqa: F401
    enable_traceback_filtering,
)
from keras.src.utils.traceback_utils import (  # noqa: F401
    is_traceback_filtering_enabled,
)
