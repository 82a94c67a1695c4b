"""`RemoteMonitor`: posts the epoch logs to an HTTP server."""

import json
import warnings

import numpy as np

from keras.src.api_export import keras_export
from keras.src.callbacks.callback import Callback

try:
    import requests
except ImportError:
    requests = None


@keras_export("keras.callbacks.RemoteMonitor")
class RemoteMonitor(Callback):
    """Sends the logs of each epoch to a server with an HTTP POST.

    At the end of every epoch, the logs (with an `"epoch"` entry) are
    posted to `root + path`: as a JSON body with `send_as_json=True`,
    otherwise as a form field `field` holding the JSON-encoded logs. An
    unreachable server only produces a warning. Requires the `requests`
    package.

    Args:
        root: Root URL of the server. Defaults to
            `"http://localhost:9000"`.
        path: Path of the endpoint, appended to `root`. Defaults to
            `"/publish/epoch/end/"`.
        field: Name of the form field holding the logs (when not sending
            JSON). Defaults to `"data"`.
        headers: Optional dict of HTTP headers.
        send_as_json: Whether to send the logs as the JSON body (content
            type `application/json`).

    Example:

    ```python
    monitor = keras.callbacks.RemoteMonitor(
        root="http://dashboard:8080", send_as_json=True
    )
    model.fit(x, y, epochs=5, callbacks=[monitor])
    ```
    """

    def __init__(
        self,
        root="http://localhost:9000",
        path="/publish/epoch/end/",
        field="data",
        headers=None,
        send_as_json=False,
    ):
        super().__init__()
        self.root = root
        self.path = path
        self.field = field
        self.headers = headers
        self.send_as_json = send_as_json

    def on_epoch_end(self, epoch, logs=None):
        if requests is None:
            raise ImportError(
                "RemoteMonitor requires the `requests` package: "
                "`pip install requests`."
            )
        send = {"epoch": epoch}
        for key, value in (logs or {}).items():
            # NumPy scalars and one-element arrays become Python numbers.
            if isinstance(value, (np.ndarray, np.generic)):
                value = value.item()
            send[key] = value
        url = self.root + self.path
        try:
            if self.send_as_json:
                requests.post(url, json=send, headers=self.headers)
            else:
                requests.post(
                    url,
                    {self.field: json.dumps(send)},
                    headers=self.headers,
                )
        except requests.exceptions.RequestException:
            warnings.warn(
                f"Could not reach RemoteMonitor root server at {self.root}.",
                stacklevel=2,
            )
