// scenario: sensor anomaly scorer picks a feature encoder by name from a factory and feeds it float64 sensor readings
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class FeatureEncoder {
public:
  virtual ~FeatureEncoder() = default;
  virtual torch::Tensor encode(const torch::Tensor &x) = 0;
  virtual std::string name() const = 0;
};

class IdentityEncoder : public FeatureEncoder {
public:
  torch::Tensor encode(const torch::Tensor &x) override { return x; }
  std::string name() const override { return "identity"; }
};

class MlpEncoder : public FeatureEncoder, public torch::nn::Module {
public:
  MlpEncoder(int64_t inDim, int64_t hidden, int64_t outDim)
      : fc1_(register_module("fc1", torch::nn::Linear(inDim, hidden))),
        fc2_(register_module("fc2", torch::nn::Linear(hidden, outDim))) {}

  torch::Tensor encode(const torch::Tensor &x) override {
    auto h = torch::relu(fc1_->forward(x)); // BUG
    return fc2_->forward(h);
  }
  std::string name() const override { return "mlp"; }

private:
  torch::nn::Linear fc1_;
  torch::nn::Linear fc2_;
};

std::shared_ptr<FeatureEncoder> makeEncoder(const std::string &kind, int64_t inDim) {
  if (kind == "identity")
    return std::make_shared<IdentityEncoder>();
  if (kind == "mlp")
    return std::make_shared<MlpEncoder>(inDim, 32, 8);
  throw std::invalid_argument("no encoder named " + kind);
}

torch::Tensor loadReadings(int64_t numSamples, int64_t numChannels) {
  std::vector<double> raw(static_cast<size_t>(numSamples * numChannels));
  for (size_t i = 0; i < raw.size(); ++i)
    raw[i] = 20.0 + 0.01 * static_cast<double>(i % 97);
  return torch::from_blob(raw.data(), {numSamples, numChannels}, torch::kFloat64).clone();
}

int main(int argc, char **argv) {
  const std::string encoderKind = argc > 1 ? argv[1] : "mlp";
  const int64_t numChannels = 6;
  torch::manual_seed(37);

  auto readings = loadReadings(100, numChannels);
  auto standardized = (readings - readings.mean(0)) / readings.std(0);

  std::shared_ptr<FeatureEncoder> encoder = makeEncoder(encoderKind, numChannels);
  torch::NoGradGuard noGrad;
  auto codes = encoder->encode(standardized);
  auto centroid = codes.mean(0, true);
  auto anomaly = (codes - centroid).norm(2, {1});
  std::cout << encoder->name() << " most anomalous sample "
            << anomaly.argmax().item<int64_t>() << "\n";
  return 0;
}
