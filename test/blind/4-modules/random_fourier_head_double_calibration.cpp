// scenario: a random-Fourier-feature classifier keeps its fixed projection as a plain tensor member; calibration moves the model to double
// tier: 4
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>

#include <cmath>
#include <cstdint>
#include <iostream>

// Approximates an RBF kernel machine: encoder -> cos(h * omega + phase) -> linear.
// omega and phase are sampled once and never trained.
struct RandomFourierClassifierImpl : torch::nn::Module {
  RandomFourierClassifierImpl(int64_t inDim, int64_t numFeatures, int64_t numClasses,
                              double bandwidth) {
    encoder = register_module("encoder", torch::nn::Linear(inDim, 32));
    omega = torch::randn({32, numFeatures}) / bandwidth;
    phase = torch::rand({numFeatures}) * 2.0 * M_PI;
    scale = register_buffer("scale", torch::full({1}, std::sqrt(2.0 / numFeatures)));
    head = register_module("head", torch::nn::Linear(numFeatures, numClasses));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::tanh(encoder(x));
    torch::Tensor features = torch::cos(torch::matmul(h, omega) + phase); // BUG
    return head(features * scale);
  }

  torch::nn::Linear encoder{nullptr}, head{nullptr};
  torch::Tensor omega, phase, scale;
};
TORCH_MODULE(RandomFourierClassifier);

// Expected calibration error over equal-width confidence bins.
double expectedCalibrationError(const torch::Tensor &probs, const torch::Tensor &labels,
                                int64_t bins) {
  auto [confidence, predicted] = probs.max(1);
  torch::Tensor correct = predicted.eq(labels).to(probs.dtype());
  torch::Tensor edges = torch::linspace(0.0, 1.0, bins + 1, probs.options());
  torch::Tensor binOf = torch::bucketize(confidence, edges.narrow(0, 1, bins - 1));
  double ece = 0.0;
  for (int64_t b = 0; b < bins; ++b) {
    torch::Tensor inBin = binOf.eq(b);
    int64_t count = inBin.sum().item<int64_t>();
    if (count == 0)
      continue;
    double gap = (confidence.masked_select(inBin).mean() - correct.masked_select(inBin).mean())
                     .abs()
                     .item<double>();
    ece += gap * count / probs.size(0);
  }
  return ece;
}

int main() {
  torch::manual_seed(13);
  RandomFourierClassifier model(/*inDim=*/20, /*numFeatures=*/256, /*numClasses=*/3,
                                /*bandwidth=*/0.5);
  model->eval();

  // Temperature fitting and ECE are done in double: bins with a handful of
  // samples are sensitive to rounding.
  model->to(torch::kDouble);
  torch::Tensor heldOut = torch::randn({128, 20}, torch::kDouble);
  torch::Tensor labels = torch::randint(0, 3, {128});

  torch::NoGradGuard noGrad;
  torch::Tensor logits = model(heldOut);
  for (double temperature : {0.5, 1.0, 2.0}) {
    torch::Tensor probs = torch::softmax(logits / temperature, 1);
    std::cout << "T=" << temperature << " ECE " << expectedCalibrationError(probs, labels, 10)
              << "\n";
  }
  return 0;
}
