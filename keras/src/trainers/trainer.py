"""Backend-agnostic part of the training API (`compile`, metrics, losses)."""


class Trainer:
    def __init__(self):
        self._run_eagerly = False
        self._jit_compile = None
        self.compiled = False
        self.loss = None
        self.steps_per_execution = 1
        self._compile_loss = None
        self._compile_metrics = None
        self._loss_tracker = None
        self.stop_training = False
        self.history = None
        self.train_function = None
        self.test_function = None
        self.predict_function = None
