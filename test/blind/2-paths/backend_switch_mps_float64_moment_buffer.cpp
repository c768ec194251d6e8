// scenario: a streaming statistics job picks its device with a switch on a Backend enum parsed from the command line; on Apple machines it lands on MPS, where its float64 moment buffers cannot be allocated
// tier: 2
// family: mps-float64
// expect: bug
// verified: source
// source: aten/src/ATen/mps/EmptyTensor.cpp (v1.13.1), at::detail::empty_mps: TORCH_CHECK_TYPE(dtype != ScalarType::Double, MPS_ERROR_DOUBLE_NOT_SUPPORTED) with MPS_ERROR_DOUBLE_NOT_SUPPORTED = "Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. Please use float32 instead." (torch::zeros allocates through empty_mps)
#include <torch/torch.h>
#include <iostream>
#include <string>

enum class Backend { CPU, CUDA, MPS };

Backend parse_backend(const std::string& flag) {
  if (flag == "cuda") return Backend::CUDA;
  if (flag == "mps") return Backend::MPS;
  return Backend::CPU;
}

torch::Device device_for(Backend b) {
  switch (b) {
    case Backend::CUDA:
      return torch::Device(torch::kCUDA, 0);
    case Backend::MPS:
      return torch::Device(torch::kMPS);
    case Backend::CPU:
      break;
  }
  return torch::Device(torch::kCPU);
}

struct StreamingMoments {
  torch::Tensor count, mean, m2;

  StreamingMoments(int64_t features, const torch::Device& device) {
    // Welford updates drift in float32 over millions of rows.
    auto opts = torch::TensorOptions().dtype(torch::kFloat64).device(device);
    count = torch::zeros({}, opts); // BUG
    mean = torch::zeros({features}, opts);
    m2 = torch::zeros({features}, opts);
  }

  void update(const torch::Tensor& batch) {
    torch::Tensor b = batch.to(mean.options());
    torch::Tensor n = count + b.size(0);
    torch::Tensor delta = b.mean(0) - mean;
    mean += delta * (b.size(0) / n);
    m2 += ((b - b.mean(0)).pow(2)).sum(0) + delta.pow(2) * count * b.size(0) / n;
    count = n;
  }
};

int main(int argc, char** argv) {
  const std::string flag = argc > 1 ? argv[1] : "mps"; // default of the macOS launcher
  const torch::Device device = device_for(parse_backend(flag));
  StreamingMoments moments(5, device);
  for (int i = 0; i < 3; ++i) {
    moments.update(torch::randn({64, 5}, torch::TensorOptions().device(device)));
  }
  std::cout << "variance " << (moments.m2 / moments.count).cpu() << "\n";
  return 0;
}
