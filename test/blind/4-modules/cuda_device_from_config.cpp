// scenario: defect detector moved to the device named in its run config while the preprocessing helper builds batches on the host
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (v1.13.1), c10::impl::common_device_check_failure, reached from check_and_update_common_device in the CUDA wrapper of addmm generated into RegisterCUDA.cpp (at::linear calls at::addmm(bias, input, weight.t()))
// raises: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct RunConfig {
  torch::Device device{torch::kCPU};
  int64_t batchSize = 8;
  double threshold = 0.5;
};

RunConfig parseConfig(int argc, char **argv) {
  RunConfig cfg;
  cfg.device = torch::Device(argc > 1 ? argv[1] : "cuda:0");
  if (argc > 2)
    cfg.batchSize = std::stoll(argv[2]);
  return cfg;
}

struct DefectDetectorImpl : torch::nn::Module {
  DefectDetectorImpl(int64_t numFeatures)
      : fc1(register_module("fc1", torch::nn::Linear(numFeatures, 64))),
        fc2(register_module("fc2", torch::nn::Linear(64, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x)); // BUG
    return torch::sigmoid(fc2->forward(x)).squeeze(1);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
};
TORCH_MODULE(DefectDetector);

torch::Tensor preprocess(const std::vector<std::vector<float>> &scans) {
  std::vector<torch::Tensor> rows;
  for (const auto &scan : scans)
    rows.push_back(torch::tensor(scan, torch::TensorOptions().dtype(torch::kFloat32)));
  auto batch = torch::stack(rows);
  return (batch - batch.mean(0)) / (batch.std(0) + 1e-6);
}

int main(int argc, char **argv) {
  const RunConfig cfg = parseConfig(argc, argv);
  const int64_t numFeatures = 16;

  DefectDetector detector(numFeatures);
  detector->to(cfg.device);
  detector->eval();

  std::vector<std::vector<float>> scans(static_cast<size_t>(cfg.batchSize),
                                        std::vector<float>(numFeatures));
  for (size_t i = 0; i < scans.size(); ++i)
    for (int64_t j = 0; j < numFeatures; ++j)
      scans[i][static_cast<size_t>(j)] = 0.1f * static_cast<float>((i * 7 + j) % 11);

  torch::NoGradGuard noGrad;
  auto scores = detector->forward(preprocess(scans));
  auto flagged = (scores > cfg.threshold).sum().item<int64_t>();
  std::cout << flagged << " of " << cfg.batchSize << " scans flagged\n";
  return 0;
}
